/**
 * Where an export's text goes: straight to a file the user picked (File System Access API,
 * Chromium browsers), or else into a Blob that is downloaded at the end. Either way the
 * text arrives a page at a time and is never one giant string (decision 011).
 */

/** The parts of the File System Access API an export uses (not in every TypeScript DOM lib). */
export interface WritableFileStream {
  write(data: string): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}

export interface SaveFileHandle {
  readonly name: string;
  createWritable(): Promise<WritableFileStream>;
}

export interface SaveFilePickerOptions {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}

export type ShowSaveFilePicker = (options: SaveFilePickerOptions) => Promise<SaveFileHandle>;

export interface SinkEnvironment {
  /** Absent in browsers without the File System Access API (Firefox, Safari). */
  showSaveFilePicker?: ShowSaveFilePicker | undefined;
  /** Hands a finished Blob to the browser's downloads. */
  download(blob: Blob, fileName: string): void;
}

export interface FileTarget {
  /** Without extension: "Orders 2026-11-23". */
  baseName: string;
  extension: string;
  mimeType: string;
  description: string;
}

/** What became of the file, in words for the user. */
export interface SavedFile {
  fileName: string;
  state: 'complete' | 'partial';
  /** 'picked' = written to the file the user chose; 'download' = the browser's downloads. */
  via: 'picked' | 'download';
}

export interface ExportSink {
  readonly via: SavedFile['via'];
  /** The file name when known now (picked); the download's name is settled at `finish`. */
  readonly fileName: string | null;
  write(text: string): Promise<void>;
  /** Saves the file: `partial` names it as such where we choose the name (decision 011). */
  finish(state: SavedFile['state']): Promise<SavedFile>;
  /** Cancelled: nothing is downloaded, and a picked file is left as it was before writing. */
  discard(): Promise<void>;
}

/** Text kept as strings before it is folded into a Blob: bounds the JS heap an export holds. */
const BLOB_PART_CHARS = 1 << 20;

export function fileNameOf(target: FileTarget, state: SavedFile['state']): string {
  // Characters no file system takes in a name, and control characters, become `_`.
  const safeBase =
    [...target.baseName]
      .map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char))
      .join('')
      .trim() || 'export';
  return state === 'partial'
    ? `${safeBase}.partial.${target.extension}`
    : `${safeBase}.${target.extension}`;
}

/**
 * A Blob built from many Blob parts: strings are folded into a Blob every few MB, so the
 * text leaves the JS heap (browsers keep Blob data outside it, on disk if large).
 */
export function blobSink(target: FileTarget, environment: SinkEnvironment): ExportSink {
  const parts: Blob[] = [];
  let pending: string[] = [];
  let pendingChars = 0;
  const fold = () => {
    if (pending.length === 0) return;
    parts.push(new Blob(pending, { type: target.mimeType }));
    pending = [];
    pendingChars = 0;
  };
  return {
    via: 'download',
    fileName: null,
    async write(text) {
      if (text === '') return;
      pending.push(text);
      pendingChars += text.length;
      if (pendingChars >= BLOB_PART_CHARS) fold();
    },
    async finish(state) {
      fold();
      const fileName = fileNameOf(target, state);
      environment.download(new Blob(parts, { type: target.mimeType }), fileName);
      parts.length = 0;
      return { fileName, state, via: 'download' };
    },
    async discard() {
      pending = [];
      parts.length = 0;
    },
  };
}

/** Streams into the file the user picked; the browser writes to a temporary file until `close`. */
export function pickedFileSink(handle: SaveFileHandle, stream: WritableFileStream): ExportSink {
  return {
    via: 'picked',
    fileName: handle.name,
    write: (text) => (text === '' ? Promise.resolve() : stream.write(text)),
    async finish(state) {
      await stream.close();
      return { fileName: handle.name, state, via: 'picked' };
    },
    async discard() {
      try {
        await stream.abort();
      } catch {
        // Already closed or errored: there is nothing left to throw away.
      }
    },
  };
}

function isUserDismissal(error: unknown): boolean {
  // DOMException is not an Error subclass in every environment: read the name alone.
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

/**
 * Opens where the export goes. Call it straight from the click that starts the export: the
 * file picker needs that user gesture. Resolves null when the user dismisses the picker.
 */
export async function openExportSink(
  target: FileTarget,
  environment: SinkEnvironment,
): Promise<ExportSink | null> {
  const pick = environment.showSaveFilePicker;
  if (!pick) return blobSink(target, environment);
  let handle: SaveFileHandle;
  try {
    handle = await pick({
      suggestedName: fileNameOf(target, 'complete'),
      types: [
        {
          description: target.description,
          accept: { [target.mimeType]: [`.${target.extension}`] },
        },
      ],
    });
  } catch (error) {
    if (isUserDismissal(error)) return null;
    // A picker that fails for another reason (blocked in an iframe, policy): download instead.
    return blobSink(target, environment);
  }
  return pickedFileSink(handle, await handle.createWritable());
}

/** The browser's own environment: the picker when the page has it, downloads via a link. */
export function browserSinkEnvironment(): SinkEnvironment {
  const picker = (window as unknown as { showSaveFilePicker?: ShowSaveFilePicker })
    .showSaveFilePicker;
  return {
    showSaveFilePicker: typeof picker === 'function' ? picker.bind(window) : undefined,
    download(blob, fileName) {
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.rel = 'noopener';
      link.style.display = 'none';
      document.body.append(link);
      link.click();
      link.remove();
      // The download has started from the URL by now; keep it a moment for slow browsers.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  };
}
