import { Link } from 'react-router';
import { SectionHeading } from '../../components/ui/SectionHeading.js';
import { paths } from '../../config/paths.js';

/** Any path the site does not have. The banner above already says "Page not found". */
export default function NotFoundRoute() {
  return (
    <section className="container py-5 text-center">
      <SectionHeading label="Oops!" title="We could not find that page" />
      <p className="mb-4">The link may be old, or the address may have a typo.</p>
      <Link to={paths.home} className="btn btn-primary rounded-pill px-4">
        Back to the home page
      </Link>
    </section>
  );
}
