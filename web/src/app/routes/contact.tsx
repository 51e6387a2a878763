import { ContactPage } from '../../features/marketing/components/contact-page';

export default function ContactRoute() {
  return <ContactPage />;
}
