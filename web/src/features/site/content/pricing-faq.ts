import { plans } from '@shared/plans';

/** The pricing FAQ: shown on /pricing and given to search engines as FAQPage JSON-LD. */
export const pricingFaq: { question: string; answer: string }[] = [
  {
    question: 'What counts as an AI generation?',
    answer: `Each request to the AI counts once: a set of ad copy variants, a campaign plan, a graphic or a chat answer. The Free plan includes ${plans.free.limits.aiGenerationsPerDay} a day, Pro ${plans.pro.limits.aiGenerationsPerDay} and Agency ${plans.agency.limits.aiGenerationsPerDay}. The count resets at midnight UTC.`,
  },
  {
    question: 'Do I need a Meta ad account?',
    answer:
      'You can generate ad copy without one. To see your campaigns and results, pause, resume or re-budget campaigns, connect a Meta ad account: Adsmith asks Meta for permission and never sees your Facebook password.',
  },
  {
    question: 'Does Adsmith spend money on my ad account?',
    answer:
      'No. Your ad spend is billed by Meta to your own ad account. Adsmith only changes a campaign when you ask it to, and every change is recorded.',
  },
  {
    question: 'Can I switch between monthly and yearly billing?',
    answer:
      'Yes. Yearly billing costs about two months less than paying monthly. You can switch, upgrade or downgrade at any time; the change applies from your next billing period.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Cancel from your account settings and your plan stays active until the end of the period you paid for. You then move to the Free plan and keep your account.',
  },
  {
    question: 'How is my data protected?',
    answer:
      'Your Meta access token is stored encrypted on our servers and never sent to your browser. You can disconnect Meta or delete your account at any time; our privacy policy explains what we keep and for how long.',
  },
];
