/*
 * The school area's styles (its screens, the website editor, the families' screens), loaded with the
 * school area's screens (router.tsx) rather than with every page: the public pages carry their
 * stylesheet written into their HTML, and these rules would be a sixth of it for nothing
 * (docs/decisions/0035-lean-public-pages.md). Loaded after the entry's styles, as before.
 */
import '../styles/school.css';
import '../styles/cms.css';
import '../styles/family.css';
