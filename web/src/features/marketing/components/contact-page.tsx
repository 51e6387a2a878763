import { Mail } from 'lucide-react';
import { ComingSoon } from '@web/components/layout/coming-soon';

export function ContactPage() {
  return (
    <ComingSoon
      title="Contact"
      icon={Mail}
      summary="Questions about campaigns, pricing or your account? We want to hear from you."
      plans={[
        'Send us a message from this page and get an answer by email',
        'Ask about plans for teams and agencies',
        'Report a problem with your account or a campaign',
      ]}
    />
  );
}
