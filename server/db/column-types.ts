/** Column types as the contract (§3) names them. */
export const COLUMN_TYPES = [
  'TEXT',
  'LONGTEXT',
  'EMAIL',
  'PHONE',
  'URL',
  'NUMBER',
  'BOOLEAN',
  'DATETIME',
  'SELECT',
  'MULTISELECT',
  'REFERENCE',
  'FILE',
  'FORMULA',
  'AI',
  'SERIAL',
] as const;

export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Types that sort case-insensitively first, then exactly (§4), and filter by exact text. */
const TEXT_LIKE_TYPES: ReadonlySet<ColumnType> = new Set([
  'TEXT',
  'LONGTEXT',
  'EMAIL',
  'PHONE',
  'URL',
  'SELECT',
]);

export function isTextLike(type: ColumnType): boolean {
  return TEXT_LIKE_TYPES.has(type);
}

export function isColumnType(value: string): value is ColumnType {
  return (COLUMN_TYPES as readonly string[]).includes(value);
}

export interface ColumnSettings {
  options?: string[];
  /** REFERENCE: the referenced table and whether the value is an array of ids. */
  table_id?: string;
  multiple?: boolean;
  [key: string]: unknown;
}

/** A user column as stored: `slot` is the index of its typed SQL column (`k<slot>`). */
export interface ColumnDefinition {
  id: string;
  name: string;
  description: string | null;
  type: ColumnType;
  settings: ColumnSettings | null;
  orderIndex: number;
  required: boolean;
  defaultValue: unknown;
  isPrimary: boolean;
  slot: number;
}

/** Array-valued columns: filters test containment through the side table. */
export function isArrayValued(column: Pick<ColumnDefinition, 'type' | 'settings'>): boolean {
  return (
    column.type === 'MULTISELECT' ||
    column.type === 'FILE' ||
    (column.type === 'REFERENCE' && column.settings?.multiple === true)
  );
}

export function isFilterable(type: ColumnType): boolean {
  return type !== 'FILE' && type !== 'FORMULA' && type !== 'AI';
}
