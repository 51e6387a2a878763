import { AboutPage } from '../../features/marketing/components/about-page';

export default function AboutRoute() {
  return <AboutPage />;
}
