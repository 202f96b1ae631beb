import { isCleanerLabel } from '@app/shared/cleaner-day';
import type { Owner } from '../common/get-owners';
import { failureText } from '../common/staff-errors';
import { useMarkCleaner } from './mark-cleaner';

/**
 * The roster setting "is a cleaner": with it, the owner's staff sign-in opens their own day
 * (/cleaner) and no office page; without it, a cleaner signed in is signed out at once.
 */
export function CleanerSwitch({ owner }: { owner: Owner }) {
  const mark = useMarkCleaner();
  const name = owner.name ?? owner.email ?? 'This owner';
  // While saving, the switch shows what was asked for; the owners list is read again after.
  const checked = mark.isPending ? mark.variables.isCleaner : owner.isCleaner;
  return (
    <>
      <label className="choice">
        <input type="checkbox" role="switch" checked={checked} onChange={(e) => mark.mutate({ ownerId: owner.id, isCleaner: e.target.checked })} />
        {isCleanerLabel(name)}
      </label>
      <p className="alert" role="alert" hidden={!mark.isError}>
        {mark.isError ? failureText(mark.error, 'The setting could not be saved. Please try again.') : null}
      </p>
    </>
  );
}
