import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/constants';
import { LoadingScreen } from '../../components/loading-screen';
import { ChatLauncher } from '../../features/chatbot/components/chat-launcher';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function AppShell() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const firstPath = useRef(pathname);
  // A new page starts at the top, like a normal site, and carries its own title. The first
  // page's title is already in its HTML, so the SEO table (and the posts' summaries) load
  // only once the visitor moves on.
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    window.scrollTo?.(0, 0);
    let current = true;
    void Promise.all([import('../seo/page-seo'), import('virtual:adsmith/blog-index')]).then(
      ([{ seoForPath }, { posts }]) => {
        if (current) document.title = seoForPath(pathname, posts)?.title ?? PRODUCT_NAME;
      },
    );
    return () => {
      current = false;
    };
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-gradient-to-r from-indigo-500 to-pink-500"
        />
      ) : null}
      <SiteHeader />
      <main id="main" className="flex-1">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ChatLauncher />
    </div>
  );
}
