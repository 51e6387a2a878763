import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppShell } from '../shell/app-shell';
import { ProtectedRoute } from './protected-route';

/** Every screen is its own chunk (spec §2: pages load on demand). */
function page(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(load);
}

const Home = page(() => import('../routes/home'));
const Auth = page(() => import('../routes/auth'));
const About = page(() => import('../routes/about'));
const Contact = page(() => import('../routes/contact'));
const Blog = page(() => import('../routes/blog'));
const BlogPost = page(() => import('../routes/blog-post'));
const Pricing = page(() => import('../routes/pricing'));
const MetaCallback = page(() => import('../routes/meta-callback'));
const Dashboard = page(() => import('../routes/dashboard'));
const Campaigns = page(() => import('../routes/campaigns'));
const Optimizer = page(() => import('../routes/optimizer'));
const CampaignGenerator = page(() => import('../routes/campaign-generator'));
const AdOptimizer = page(() => import('../routes/ad-optimizer'));
const AdsGraphicsGenerator = page(() => import('../routes/ads-graphics-generator'));
const NotFound = page(() => import('../routes/not-found'));

export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <Home /> },
      { path: 'auth', element: <Auth /> },
      { path: 'about', element: <About /> },
      { path: 'contact', element: <Contact /> },
      { path: 'blog', element: <Blog /> },
      { path: 'blog/:slug', element: <BlogPost /> },
      { path: 'pricing', element: <Pricing /> },
      { path: 'auth/meta/callback', element: <MetaCallback /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'dashboard', element: <Dashboard /> },
          { path: 'campaigns', element: <Campaigns /> },
          { path: 'optimizer', element: <Optimizer /> },
          { path: 'campaign-generator', element: <CampaignGenerator /> },
          { path: 'ad-optimizer', element: <AdOptimizer /> },
          { path: 'ads-graphics-generator', element: <AdsGraphicsGenerator /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
