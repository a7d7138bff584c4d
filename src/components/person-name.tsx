import { useRef, useState } from 'react';
import type { Translate } from '../lib/i18n/i18n-react';
import { useT } from '../lib/i18n/i18n-react';
import { type PeopleDirectory, usePeopleDirectory } from '../lib/people/people-context';
import type { Person } from '../lib/people/person';
import { shortId } from '../lib/safe-values';
import { WhoIsThisDialog } from './who-is-this-dialog';

// Stands in for the data while the message is made, so the data can be its own element.
const SLOT = '\u2063';

/**
 * A person as plain text (a select's option): "Léa Okafor", "Marvin (bot)", or, without a
 * name, "Unnamed user c222…".
 */
export function personLabel(t: Translate, directory: PeopleDirectory, person: Person): string {
  const known = directory.nameOf(person.id);
  return known
    ? t('common.person.named', { kind: person.kind, name: known.name })
    : t('common.person.unnamed', { kind: person.kind, id: shortId(person.id) });
}

function WithData({ message, data }: { message: string; data: string }) {
  const [before = '', after = ''] = message.split(SLOT);
  return (
    <>
      {before}
      <span translate="no">{data}</span>
      {after}
    </>
  );
}

/**
 * A user or bot on screen: its name (the data marked translate="no"), or "Unnamed user
 * c222…" with **Who is this?**, which names the id on this device and says where names
 * come from.
 */
export function PersonName({
  person,
  offerNaming = true,
}: {
  person: Person;
  offerNaming?: boolean;
}) {
  const t = useT();
  const directory = usePeopleDirectory();
  const [naming, setNaming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const known = directory.nameOf(person.id);
  // First in both branches, so it stays open (and keeps its state) while the person gets a
  // name (an import names them): closing is the dialog's.
  const dialog = naming ? (
    <WhoIsThisDialog
      person={person}
      onClose={() => {
        setNaming(false);
        buttonRef.current?.focus();
      }}
    />
  ) : null;
  if (known) {
    return (
      <>
        {dialog}
        <WithData
          message={t('common.person.named', { kind: person.kind, name: SLOT })}
          data={known.name}
        />
      </>
    );
  }
  return (
    <>
      {dialog}
      <WithData
        message={t('common.person.unnamed', { kind: person.kind, id: SLOT })}
        data={shortId(person.id)}
      />
      {offerNaming && directory.canNameOnDevice ? (
        <>
          {' '}
          <button
            ref={buttonRef}
            type="button"
            onClick={() => setNaming(true)}
            aria-label={t('common.person.whoIsThisLabel', {
              kind: person.kind,
              id: shortId(person.id),
            })}
            className="rounded text-blue-700 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300 dark:hover:text-blue-100"
          >
            {t('common.person.whoIsThis')}
          </button>
        </>
      ) : null}
    </>
  );
}
