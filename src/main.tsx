import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigErrorPage } from './app/config-error-page';
import { LoadingIndicator } from './components/loading-indicator';
import { loadRuntimeConfig, RuntimeConfigError } from './config/runtime-config';
import { startEmbedModeIfAsked } from './features/embed/start-embed-mode';
import { startFollowingTheme } from './lib/theme';
import './index.css';

// Before the first paint, so a dark-mode user never sees a white flash.
startFollowingTheme();
// Before anything async: the embedded view must hear a host that posts as soon as it loads.
const embedBridge = startEmbedModeIfAsked();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);
root.render(<LoadingIndicator label="Starting…" />);

loadRuntimeConfig().then(
  (config) => {
    document.title = config.title;
    root.render(
      <StrictMode>
        <App config={config} embedBridge={embedBridge} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    const message =
      error instanceof RuntimeConfigError ? error.message : 'config.json could not be loaded.';
    root.render(<ConfigErrorPage message={message} />);
  },
);
