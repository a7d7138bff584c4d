// Apart from the writers (record-writers.ts, loaded with the first Count or Export): the
// Export menu and the file picker, drawn with the records' first rows, need only these.

export type ExportFormat = 'csv' | 'jsonl';

export interface ExportFormatInfo {
  /** The format's own name, the same in every language (placed into messages, never one itself). */
  label: string;
  extension: string;
  mimeType: string;
}

export const EXPORT_FORMATS: Record<ExportFormat, ExportFormatInfo> = {
  csv: { label: 'CSV', extension: 'csv', mimeType: 'text/csv' },
  jsonl: { label: 'JSON Lines', extension: 'jsonl', mimeType: 'application/jsonl' },
};
