import { CLIENT_ROUTES } from '@app/shared/routes';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { QueryProvider } from '../../../lib/query-provider';
import { useTeam } from '../api/get-team';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);

function TeamList() {
  const members = useTeam();
  return (
    <ul className="card-list team">
      {members.map((member, index) => (
        <li key={`${index}-${member.name}-${member.role}`} className="card team-member">
          <span className="avatar" aria-hidden="true">
            {initials(member.name)}
          </span>
          <h2>{member.name}</h2>
          <p className="team-member__role">{member.role}</p>
          <p>{member.bio}</p>
        </li>
      ))}
    </ul>
  );
}

export function TeamPage() {
  return (
    <Page
      title="Our Team"
      description="Meet the people behind your cleaning: our owner and founder, our lead cleaning technician and our move in/out partner."
      heading="Our Team"
      lead="The people who look after your home."
    >
      <QueryProvider>
        <TeamList />
      </QueryProvider>
      <p className="section">
        Want to join us? See our <Link to={CLIENT_ROUTES.careers}>open positions</Link>.
      </p>
    </Page>
  );
}
