import { Image } from 'lucide-react';
import { ComingSoon } from '../../components/layout/coming-soon';

export default function AdsGraphicsGeneratorRoute() {
  return (
    <ComingSoon
      title="Graphics generator"
      icon={Image}
      summary="Ad visuals generated for your brand, in the sizes Facebook and Instagram need."
      plans={[
        'Describe the image you want or start from your product photo',
        'Get feed, story and reel sizes at once',
        'Download the images or use them straight in a campaign',
      ]}
    />
  );
}
