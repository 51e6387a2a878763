import { AboutPage } from '../../features/site/components/about-page';

export default function AboutRoute() {
  return <AboutPage />;
}
