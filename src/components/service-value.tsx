import { useT } from '../lib/i18n/i18n-react';

/**
 * A word the service chose from a fixed list (a status, a priority, a kind): in the
 * language on screen when the dashboard knows it (`label`), otherwise exactly as the
 * service sent it, set apart as data: italic, no language of its own, never machine
 * translated, saying on hover where it came from.
 */
export function ServiceValue({ value, label }: { value: string; label: string | null }) {
  const t = useT();
  if (label !== null) return <>{label}</>;
  return (
    <i lang="" translate="no" title={t('common.value.asSent')}>
      {value}
    </i>
  );
}
