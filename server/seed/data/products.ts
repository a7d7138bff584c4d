/** The Products table's names and categories (data). */

export const PRODUCT_NAMES = [
  'Anvil',
  'Rocket skates',
  'Giant magnet',
  'Bird seed',
  'Tornado kit',
  'Dehydrated boulders',
  'Earthquake pills',
  'Jet bike',
  'Instant hole',
  'Spring shoes',
];

export const PRODUCT_NAMES_JA = [
  '金床',
  'ロケットスケート',
  '巨大磁石',
  '鳥の餌',
  '竜巻キット',
  '乾燥岩',
  '地震薬',
  'ジェットバイク',
  'インスタント穴',
  'バネ靴',
];

export const CATEGORIES = ['Tools', 'Travel', 'Food', 'Weather'];
