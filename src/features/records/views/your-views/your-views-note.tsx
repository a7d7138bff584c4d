import { useId } from 'react';
import { type Translate, useT } from '../../../../lib/i18n/i18n-react';
import { CODE_SLOT } from '../../shared-ui/records-states';
import { MessageWithName } from './message-with-name';
import type { ImportProblem } from './your-views';

/** What the menu last did, said in its panel and, once it closes, to screen readers. */
export type Note =
  | { kind: 'saved' | 'updated' | 'renamed'; name: string }
  | { kind: 'imported'; count: number }
  | { kind: 'import-failed'; text: string }
  | { kind: 'link'; url: string; copied: boolean }
  | null;

export function importProblemText(
  problem: ImportProblem | { kind: 'too-big' },
  t: Translate,
): string {
  switch (problem.kind) {
    case 'not-json':
      return t('records.yours.importNotJson');
    case 'not-views-file':
      return t('records.yours.importNotViews');
    case 'newer-version':
      return t('records.yours.importNewer', { version: problem.version });
    case 'too-many':
      return t('records.yours.importTooMany', { max: problem.max });
    case 'bad-view':
      return t('records.yours.importBadView', { position: problem.position, field: problem.field });
    case 'too-big':
      return t('records.yours.importTooBig');
  }
}

export function NoteText({ note }: { note: NonNullable<Note> }) {
  const t = useT();
  switch (note.kind) {
    case 'saved':
    case 'updated':
    case 'renamed':
      return (
        <MessageWithName
          message={t(`records.yours.${note.kind}`, { name: CODE_SLOT })}
          name={note.name}
        />
      );
    case 'imported':
      return <>{t('records.yours.imported', { count: note.count })}</>;
    case 'import-failed':
      return <>{note.text}</>;
    case 'link':
      return <>{note.copied ? t('records.yours.linkCopied') : t('records.yours.linkNotCopied')}</>;
  }
}

export function NoteLine({ note }: { note: Note }) {
  const t = useT();
  const linkId = useId();
  if (note === null) return null;
  return (
    <div className="mt-2 border-t border-slate-200 pt-2 text-sm dark:border-slate-700">
      <p role={note.kind === 'import-failed' ? 'alert' : 'status'}>
        <NoteText note={note} />
      </p>
      {note.kind === 'link' ? (
        <>
          <label htmlFor={linkId} className="mt-1 block text-xs">
            {t('records.yours.linkLabel')}
          </label>
          <input
            id={linkId}
            readOnly
            translate="no"
            value={note.url}
            onFocus={(event) => event.target.select()}
            className="mt-1 h-8 w-full rounded border border-slate-300 px-2 text-xs dark:border-slate-700 dark:bg-slate-900"
          />
        </>
      ) : null}
    </div>
  );
}
