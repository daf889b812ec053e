import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { otpBoxes, pasteInto } from '../../fixtures/otp';
import { codeFromOutbox } from '../../fixtures/outbox';
import { shotsIn } from '../../fixtures/shots';

/** Issue 25 item 9: six digits in verify at once; a stale error toast does not stay under the success. */

const shot = shotsIn('accounts', { noSidewaysScroll: true, prefix: 'otp-' });
const PASSWORD = 'Mango-Tree-2025';
const freshIp = () => `10.25.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

test('pasting the six digits verifies without a tap, and the success toast stands alone', async ({ page, request }, testInfo) => {
  const username = `colle_${testInfo.project.name.slice(0, 3)}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.cm`;
  const registered = await request.post('/api/users/register', {
    data: { username, email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Awa', lastName: 'Ngono' },
    headers: { 'x-forwarded-for': freshIp() },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const code = await codeFromOutbox(email);

  // Signing in to the unverified account leads to the code view.
  await page.goto('/GetStarted');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Vérification du compte' })).toBeVisible();
  await expectNoAxeViolations(page, 'the code view');

  // A wrong code pasted: checked at once, its error shown in a toast and under the boxes.
  const wrong = code.replace(/^./, (digit) => String((Number(digit) + 1) % 10));
  const verifications: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/users/verify-otp')) verifications.push(sent.postData() ?? '');
  });
  await pasteInto(page, '[data-otp-box="0"]', wrong);
  for (let i = 0; i < 6; i++) await expect(otpBoxes(page).nth(i)).toHaveValue(wrong[i] as string);
  await expect(page.getByTestId('otp-error')).toHaveText('Code OTP invalide');
  await expect(page.locator('[data-toast="error"]')).toHaveText(/Code OTP invalide/);
  await shot(page, testInfo, 'wrong-code');
  await expectNoAxeViolations(page, 'the code view with its error');

  // The right one pasted, no tap: verified, and the error toast of the wrong one is gone.
  await pasteInto(page, '[data-otp-box="0"]', code);
  await expect(page.getByText('Compte vérifié avec succès! Un email de confirmation vous a été envoyé.')).toBeVisible();
  await expect(page.locator('[data-toast="error"]')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Se Connecter' })).toHaveAttribute('aria-selected', 'true');
  expect(verifications).toHaveLength(2);
  await shot(page, testInfo, 'verified');
  await expectNoAxeViolations(page, 'sign-in after the code');
});
