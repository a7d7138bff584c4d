/** Order statuses and tags, shared by Orders, Products and Globex's tables (data). */

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'refunded', 'cancelled'] as const;

export const ORDER_TAGS = ['gift', 'priority', 'wholesale', 'repeat', 'fragile'] as const;
