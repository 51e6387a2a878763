import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigErrorScreen } from './components/config-error-screen';
import { LoadingScreen } from './components/loading-screen';
import { loadWebConfig } from './config/web-config';
import { configureCognito } from './lib/auth/cognito';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

root.render(<LoadingScreen progress={15} showDetails />);

async function start() {
  // The app module (router, providers) is its own chunk so the loading screen paints first;
  // it downloads while the config is fetched rather than after.
  const appModule = import('./app/app');
  appModule.catch(() => undefined); // handled below, once the config has loaded
  try {
    const config = await loadWebConfig();
    root.render(<LoadingScreen progress={60} showDetails />);
    configureCognito(config);
    const { App } = await appModule;
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    root.render(<ConfigErrorScreen message={error instanceof Error ? error.message : String(error)} />);
  }
}

void start();
