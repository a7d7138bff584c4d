import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { describeError } from '../lib/api/describe-error';
import { isApiError } from '../lib/api/errors';
import { formatNumber } from '../lib/i18n/formats';
import { type Translate, useT } from '../lib/i18n/i18n-react';
import { type PeopleDirectory, usePeopleDirectory } from '../lib/people/people-context';
import { PeopleFileError } from '../lib/people/people-file';
import { MAX_PEOPLE_FILE_CHARS, MAX_PERSON_TEXT } from '../lib/people/people-limits';
import { type PeopleListProblem, parsePeopleList, peopleListJson } from '../lib/people/people-list';
import { PeopleTableError } from '../lib/people/people-table';
import type { Person } from '../lib/people/person';
import { Button } from './button';

/** Why a people list was refused, in words (a file of the deployment's, or one imported). */
function listProblemText(t: Translate, problem: PeopleListProblem): string {
  switch (problem.kind) {
    case 'not-json':
      return t('common.person.problem.notJson');
    case 'shape':
      return t('common.person.problem.shape');
    case 'too-many':
      return t('common.person.problem.tooMany', { limit: formatNumber(problem.limit) });
    case 'entry':
      return t('common.person.problem.entry', { number: formatNumber(problem.index + 1) });
  }
}

/** Why the deployment's directory could not be read. */
export function directoryProblemText(t: Translate, error: unknown): string {
  if (error instanceof PeopleTableError) {
    return t('common.person.problem.unknownColumn', { column: error.problem.column });
  }
  if (error instanceof PeopleFileError) {
    const { problem } = error;
    if (problem.kind === 'unreachable') return t('common.person.problem.unreachable');
    if (problem.kind === 'status')
      return t('common.person.problem.status', { status: problem.status });
    if (problem.kind === 'too-large') {
      return t('common.person.problem.tooLarge', { size: formatNumber(problem.limit / 1024) });
    }
    return listProblemText(t, problem);
  }
  if (isApiError(error) && error.status === 404) return t('common.person.problem.noTable');
  if (isApiError(error)) return describeError(error, t).message;
  return t('common.error.message.unexpected');
}

function DirectoryNote({ directory, id }: { directory: PeopleDirectory; id: string }) {
  const t = useT();
  const text =
    directory.status === 'none'
      ? t('common.person.dialog.noDirectory')
      : directory.status === 'loading'
        ? t('common.person.dialog.directoryLoading')
        : directory.status === 'error'
          ? t('common.person.dialog.directoryError', {
              reason: directoryProblemText(t, directory.error),
            })
          : directory.nameOf(id)?.from === 'directory'
            ? null
            : t('common.person.dialog.notInDirectory');
  return text ? <p className="text-sm text-slate-600 dark:text-slate-300">{text}</p> : null;
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Who is this?": names a user or bot id on this device (for this workspace), says where
 * shared names come from, and exports or imports this device's names as a people file.
 * Escape or Cancel closes it; focus starts in the name box and stays in the dialog.
 */
export function WhoIsThisDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const t = useT();
  const directory = usePeopleDirectory();
  const titleId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const [name, setName] = useState(directory.deviceNames.get(person.id) ?? '');
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    directory.nameOnDevice(person.id, name);
    onClose();
  };

  const importFile = async (file: File) => {
    if (file.size > MAX_PEOPLE_FILE_CHARS) {
      setNote(
        t('common.person.importFailed', {
          reason: t('common.person.problem.tooLarge', {
            size: formatNumber(MAX_PEOPLE_FILE_CHARS / 1024),
          }),
        }),
      );
      return;
    }
    const parsed = parsePeopleList(await file.text());
    if ('problem' in parsed) {
      setNote(t('common.person.importFailed', { reason: listProblemText(t, parsed.problem) }));
      return;
    }
    const count = directory.importDeviceNames(parsed.people);
    setNote(t('common.person.imported', { count }));
    const imported = parsed.people.get(person.id);
    if (imported !== undefined) setName(imported);
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-slate-900/40 p-4 pt-[12vh]">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          } else if (event.key === 'Tab') {
            // Keeps Tab inside the dialog: from the last control to the first and back.
            const focusable = [
              ...(dialogRef.current?.querySelectorAll<HTMLElement>('input, button') ?? []),
            ].filter((element) => !element.hasAttribute('disabled') && element.tabIndex >= 0);
            const first = focusable[0];
            const last = focusable.at(-1);
            if (event.shiftKey && document.activeElement === first) {
              event.preventDefault();
              last?.focus();
            } else if (!event.shiftKey && document.activeElement === last) {
              event.preventDefault();
              first?.focus();
            }
          }
        }}
        className="w-full max-w-md space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-2xl dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
          {t('common.person.dialog.title')}
        </h2>
        <p className="text-slate-700 dark:text-slate-200">
          {t('common.person.dialog.id', { kind: person.kind })}{' '}
          <code translate="no" className="font-mono text-xs break-all">
            {person.id}
          </code>
        </p>
        <form onSubmit={save} className="space-y-2">
          <label htmlFor={inputId} className="block font-medium">
            {t('common.person.dialog.nameLabel')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            value={name}
            maxLength={MAX_PERSON_TEXT}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            translate="no"
            className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-800"
          />
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {t('common.person.dialog.kept')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary">
              {t('common.person.dialog.save')}
            </Button>
            {directory.deviceNames.has(person.id) ? (
              <Button
                onClick={() => {
                  directory.nameOnDevice(person.id, null);
                  onClose();
                }}
              >
                {t('common.person.dialog.remove')}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={onClose}>
              {t('common.person.dialog.cancel')}
            </Button>
          </div>
        </form>
        <DirectoryNote directory={directory} id={person.id} />
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
          <Button
            variant="ghost"
            disabled={directory.deviceNames.size === 0}
            onClick={() => download(peopleListJson(directory.deviceNames), 'people.json')}
          >
            {t('common.person.export')}
          </Button>
          <label className="inline-flex cursor-pointer items-center rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-200/70 focus-within:outline-2 focus-within:outline-blue-600 dark:text-slate-200 dark:hover:bg-slate-700/70">
            {t('common.person.import')}
            <input
              type="file"
              accept="application/json,.json"
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void importFile(file);
              }}
            />
          </label>
        </div>
        <p role="status" className="text-xs text-slate-600 empty:hidden dark:text-slate-300">
          {note}
        </p>
      </div>
    </div>,
    document.body,
  );
}
