// The landing page alone: the first page most visitors open loads none of the other public pages' code
// (sign-up's phone and city pickers, the mosque pages, the legal texts; measured by bench:web).
export { LandingPage } from '../../features/landing/components/LandingPage';
