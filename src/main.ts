// The entry index.html loads: small and free of React, so the first screen's requests
// leave while the app's code is still downloading (src/app/start-up.ts).
import './index.css';
import { startUp } from './app/start-up';

startUp();
