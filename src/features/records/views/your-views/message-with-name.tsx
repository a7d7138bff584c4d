import { CODE_SLOT } from '../../shared-ui/records-states';

/** A message holding a name the person typed: the name stays data (translate="no"). */
export function MessageWithName({ message, name }: { message: string; name: string }) {
  const [before, after = ''] = message.split(CODE_SLOT);
  return (
    <>
      {before}
      <span translate="no" dir="auto">
        {name}
      </span>
      {after}
    </>
  );
}
