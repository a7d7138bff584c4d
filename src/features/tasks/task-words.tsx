import { ServiceValue } from '../../components/service-value';
import { useT } from '../../lib/i18n/i18n-react';
import { decisionLabel, knownPriorityLabel, knownStatusLabel } from './task-labels';

/** A task's status in the language on screen; one outside the contract as sent, as data. */
export function TaskStatus({ status }: { status: string }) {
  const t = useT();
  return <ServiceValue value={status} label={knownStatusLabel(t, status)} />;
}

export function TaskPriority({ priority }: { priority: string }) {
  const t = useT();
  return <ServiceValue value={priority} label={knownPriorityLabel(t, priority)} />;
}

export function TaskDecision({ decision }: { decision: string }) {
  const t = useT();
  return <ServiceValue value={decision} label={decisionLabel(t, decision)} />;
}
