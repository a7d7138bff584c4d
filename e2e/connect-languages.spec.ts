import { expect, seriousAxeViolations, test } from './support/fixtures';

// A browser set to Spanish (Spain): the connect screen follows it without being asked.
test.use({ locale: 'es-ES' });

/** Set on the page's window: still there after a language switch means no reload happened. */
const MARKER = '__connectLanguagesNoReload';

test('the connect screen speaks the browser’s Spanish, and the language menu switches to Brazilian Portuguese at once and for good', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/connect$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: 'Conectar', exact: true })).toBeVisible();
  await expect(page.getByLabel('Clave de API', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Recordar en este dispositivo')).toBeVisible();

  // What the person typed stays through the switch, and the page is not reloaded.
  const serviceUrl = page.getByLabel('URL del servicio', { exact: true });
  await serviceUrl.fill(`${baseURL}/`);
  await page.evaluate((marker) => {
    (window as unknown as Record<string, unknown>)[marker] = true;
  }, MARKER);
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('pt-BR');

  await expect(page.getByLabel('Chave de API', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Lembrar neste dispositivo')).toBeVisible();
  await expect(page.getByLabel('Clave de API', { exact: true })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByLabel('URL do serviço', { exact: true })).toHaveValue(`${baseURL}/`);
  expect(
    await page.evaluate((marker) => (window as unknown as Record<string, unknown>)[marker], MARKER),
  ).toBe(true);

  // Remembered on this device: a reload (the browser still asks for Spanish) keeps Portuguese.
  await page.reload();
  await expect(page.getByLabel('Chave de API', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
});

test('the connect screen in Brazilian Portuguese, a refused key included, has no serious accessibility problems', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('workspace-browser:locale', 'pt-BR'));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Conectar', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByLabel('Chave de API', { exact: true }).fill(`svc_live_${'0'.repeat(48)}`);
  await page.getByRole('button', { name: 'Conectar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('O serviço não aceitou esta chave de API.');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
