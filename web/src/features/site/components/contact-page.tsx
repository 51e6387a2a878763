import { PageHeader } from '@web/components/layout/page-header';
import { ContactForm } from './contact-form';

export function ContactPage() {
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title="Contact"
        description="Questions about campaigns, pricing or your account? Write to us; a person answers by email."
      />
      <ContactForm />
    </div>
  );
}
