import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../../../lib/i18n/i18n-react';
import { toolbarButton } from '../../shared-ui/toolbar-button';
import { MAX_NAME_LENGTH } from './your-views';

/** The name of a view being saved or renamed, checked before it is kept. */
export function NameForm({
  initial,
  submitLabel,
  problemOf,
  onSubmit,
  onCancel,
}: {
  initial: string;
  submitLabel: string;
  problemOf: (name: string) => 'empty' | 'too-long' | 'taken' | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<ReturnType<typeof problemOf>>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(name);
    setProblem(found);
    if (found === null) onSubmit(name.trim());
  };
  const problemText =
    problem === 'empty'
      ? t('records.yours.nameEmpty')
      : problem === 'too-long'
        ? t('records.yours.nameTooLong', { max: MAX_NAME_LENGTH })
        : problem === 'taken'
          ? t('records.yours.nameTaken')
          : null;
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {t('records.yours.nameLabel')}
      </label>
      <input
        id={inputId}
        // biome-ignore lint/a11y/noAutofocus: the form opens from the menu to be typed into
        autoFocus
        translate="no"
        dir="auto"
        value={name}
        maxLength={MAX_NAME_LENGTH + 20}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => setName(event.target.value)}
        className="h-8 w-full rounded border border-slate-300 px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      {problemText ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problemText}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={toolbarButton}>
          {t('records.yours.cancel')}
        </button>
        <button type="submit" className={toolbarButton}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
