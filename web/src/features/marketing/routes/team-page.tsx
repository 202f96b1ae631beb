import { CLIENT_ROUTES } from '@app/shared/routes';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';
import { visibleTeamMembers } from '../content/team-members';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);

export function TeamPage() {
  return (
    <Page
      title="Our Team"
      description="Meet the people behind your cleaning: our owner and founder, our lead cleaning technician and our move in/out partner."
      heading="Our Team"
      lead="The people who look after your home."
    >
      <ul className="card-list team">
        {visibleTeamMembers().map((member) => (
          <li key={member.role} className="card team-member">
            <span className="avatar" aria-hidden="true">
              {initials(member.name)}
            </span>
            <h2>{member.name}</h2>
            <p className="team-member__role">{member.role}</p>
            <p>{member.bio}</p>
          </li>
        ))}
      </ul>
      <p className="section">
        Want to join us? See our <Link to={CLIENT_ROUTES.careers}>open positions</Link>.
      </p>
    </Page>
  );
}
