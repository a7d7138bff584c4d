import { ServiceValue } from '../../components/service-value';
import { useT } from '../../lib/i18n/i18n-react';
import { knownProjectStatusLabel } from './project-labels';

/** A project's status in the language on screen; one outside the contract as sent, as data. */
export function ProjectStatus({ status }: { status: string | null }) {
  const t = useT();
  return <ServiceValue value={status ?? ''} label={knownProjectStatusLabel(t, status)} />;
}
