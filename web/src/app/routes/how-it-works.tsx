import { HowItWorksPage } from '../../features/site/components/how-it-works-page';

export default function HowItWorksRoute() {
  return <HowItWorksPage />;
}
