import type { ScheduleWarning } from '@app/shared/schedule';

/** What a schedule check found, above the button that saves past it ("Schedule anyway", "Book anyway"). */
export function ScheduleWarnings({ warnings, lead }: { warnings: readonly ScheduleWarning[]; lead: string }) {
  return (
    <div className="alert alert--warning" role="alert">
      <p>{lead}</p>
      <ul>
        {warnings.map((w) => (
          <li key={w.code}>{w.message}</li>
        ))}
      </ul>
    </div>
  );
}
