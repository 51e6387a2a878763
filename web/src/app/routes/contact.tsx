import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ContactPage } from '../../features/site/components/contact-page';

export default function ContactRoute() {
  // Public pages have no app-wide QueryClient (it loads with auth), and /contact is prerendered: the form brings its own.
  const [client] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <ContactPage />
    </QueryClientProvider>
  );
}
