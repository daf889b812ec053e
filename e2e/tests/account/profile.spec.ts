import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { registerVerified } from '../../fixtures/accounts';
import { loginAs } from '../../fixtures/auth';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { bigPhoto } from '../../fixtures/photos';
import { shotsIn } from '../../fixtures/shots';

/**
 * Issue 27 item 8 (decisions 039 and 046): 'Mon profil' — names, username (taken, then free) and
 * city; a photo from the gallery; the password changed and used to sign in on a second browser,
 * which is then signed out from 'Appareils connectés'; 'Se déconnecter partout'.
 */
const shot = shotsIn('profile', { noSidewaysScroll: true, fullPage: true });
const PASSWORD = 'Kora-Sawa-Beach-42!';
const NEW_PASSWORD = 'Mont-Cameroun-4095!';

interface Account {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

function accountFor(testInfo: TestInfo, prefix: string): Account {
  const id = `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  return {
    username: `${prefix}_${id}`,
    email: `${prefix}.${id}@example.cm`,
    password: PASSWORD,
    firstName: 'Ngo',
    lastName: `Biyong ${id}`,
  };
}

async function signedInAccount(page: Page, request: APIRequestContext, testInfo: TestInfo, prefix: string): Promise<Account> {
  const account = accountFor(testInfo, prefix);
  await registerVerified(request, account);
  await loginAs(page, request, account.email, PASSWORD);
  return account;
}

test('Informations: names and city saved, a taken username refused at the field, then a free one saved; a photo sent and removed', async ({
  page,
  request,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const taken = await (async () => {
    const other = accountFor(testInfo, 'pris');
    await registerVerified(request, other);
    return other.username;
  })();
  const me = await signedInAccount(page, request, testInfo, 'moi');

  await page.goto('/mon-compte');
  const nav = page.getByRole('navigation', { name: 'Mon espace' }).filter({ visible: true });
  await nav.getByRole('link', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/mon-compte\/profil$/);
  await expect(page.getByRole('heading', { name: 'Mon profil', level: 1 })).toBeVisible();
  const info = page.getByRole('region', { name: 'Informations' });
  await expect(info.getByLabel('Prénom')).toHaveValue('Ngo');
  await expect(info.getByLabel('Nom d’utilisateur')).toHaveValue(me.username);
  await expect(page.getByRole('list', { name: 'Vos appareils connectés' }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page, 'profile');
  await shot(page, testInfo, 'profile');

  // A French message at the field; nothing sent.
  await info.getByLabel('Prénom').fill('');
  await info.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(info.getByText('Prénom requis')).toBeVisible();
  await expect(info.getByLabel('Prénom')).toBeFocused();

  // Names and city, and someone else's username: refused at the field, nothing typed is lost.
  await info.getByLabel('Prénom').fill('Ngo Marie');
  await info.getByLabel('Nom', { exact: true }).fill('Biyong Ebode');
  await info.getByLabel(/^Ville/).fill('Kribi');
  await info.getByLabel('Nom d’utilisateur').fill(taken);
  await info.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(info.getByText("Ce nom d'utilisateur est déjà utilisé")).toBeVisible();
  await expect(info.getByLabel('Nom d’utilisateur')).toHaveAttribute('aria-invalid', 'true');
  await expect(info.getByLabel('Prénom')).toHaveValue('Ngo Marie');
  await expect(info.getByLabel(/^Ville/)).toHaveValue('Kribi');
  await expectNoAxeViolations(page, 'username taken');
  await shot(page, testInfo, 'username-taken', { fullPage: false });

  // Offline: said so, and the form keeps everything.
  const free = `${me.username}_b`;
  await info.getByLabel('Nom d’utilisateur').fill(free);
  await page.context().setOffline(true);
  await info.getByLabel('Nom d’utilisateur').press('Enter');
  await expect(info.getByRole('alert')).toContainText('Vous êtes hors ligne');
  await expect(info.getByLabel('Nom d’utilisateur')).toHaveValue(free);
  await page.context().setOffline(false);

  // Free: saved with the keyboard (Enter), and kept after a reload.
  await info.getByLabel('Nom d’utilisateur').press('Enter');
  await expect(page.getByText('Profil enregistré')).toBeVisible();
  await page.reload();
  await expect(info.getByLabel('Prénom')).toHaveValue('Ngo Marie');
  await expect(info.getByLabel('Nom', { exact: true })).toHaveValue('Biyong Ebode');
  await expect(info.getByLabel(/^Ville/)).toHaveValue('Kribi');
  await expect(info.getByLabel('Nom d’utilisateur')).toHaveValue(free);

  // A photo from the gallery: made light in the browser, sent with its progress, shown round.
  const photoSection = page.getByRole('region', { name: 'Photo de profil' });
  await expect(photoSection.getByText('Pas encore de photo')).toBeVisible();
  const photo = await bigPhoto();
  const upload = page.waitForRequest((sent) => sent.url().endsWith('/api/users/me/avatar') && sent.method() === 'POST');
  await photoSection
    .getByLabel('Choisir dans la galerie')
    .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
  const sentBytes = (await upload).postDataBuffer()?.length ?? 0;
  testInfo.annotations.push({ type: 'avatar', description: `photo ${photo.length} bytes, sent in ${sentBytes} bytes` });
  expect(photo.length).toBeGreaterThan(1_000_000);
  expect(sentBytes).toBeLessThan(300_000);
  await expect(page.getByText('Photo de profil enregistrée')).toBeVisible();
  const avatar = photoSection.getByRole('img', { name: 'Votre photo de profil' });
  await expect(avatar).toHaveAttribute('src', /^\/api\/uploads\/[0-9a-f-]{36}-avatar\.webp$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(384);
  await expectNoAxeViolations(page, 'profile with a photo');
  await shot(page, testInfo, 'photo');

  // Removed after a confirmation.
  await photoSection.getByRole('button', { name: 'Retirer la photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retirer la photo de profil' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Retirer la photo' }).click();
  await expect(page.getByText('Photo de profil retirée')).toBeVisible();
  await expect(photoSection.getByText('Pas encore de photo')).toBeVisible();
  if (mobile) await shot(page, testInfo, 'photo-removed', { fullPage: false });

  // In English: the screen's words and the server's message.
  await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  const english = page.getByRole('region', { name: 'Information' });
  await english.getByLabel('Username').fill(taken);
  await english.getByRole('button', { name: 'Save' }).click();
  await expect(english.getByText('This username is already in use')).toBeVisible();
  await expectNoAxeViolations(page, 'profile in English');
  await shot(page, testInfo, 'english');
});

test('Mot de passe and Appareils connectés: the new password signs a second browser in, which is signed out from here; then everywhere', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const me = await signedInAccount(page, request, testInfo, 'mdp');
  await page.goto('/mon-compte/profil');
  const password = page.getByRole('region', { name: 'Mot de passe' });

  // The API's message at the field: a wrong current password.
  await password.getByLabel('Mot de passe actuel', { exact: true }).fill('Pas-le-bon-1!');
  await password.getByLabel('Nouveau mot de passe', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Confirmer le nouveau mot de passe').fill('Autre-chose-1!');
  await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(password.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await password.getByLabel('Confirmer le nouveau mot de passe').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(password.getByText('Le mot de passe actuel est incorrect')).toBeVisible();
  await expectNoAxeViolations(page, 'password errors');
  await shot(page, testInfo, 'password-errors', { fullPage: false });
  await password.getByLabel('Mot de passe actuel', { exact: true }).fill(PASSWORD);
  await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Mot de passe modifié. Vos autres appareils ont été déconnectés.')).toBeVisible();
  await expect(password.getByLabel('Mot de passe actuel', { exact: true })).toHaveValue('');

  // A second browser signs in with the new password.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const second = await other.newPage();
  await second.goto('/GetStarted');
  await second.getByRole('textbox', { name: 'E-mail', exact: true }).fill(me.email);
  await second.getByLabel('Mot de passe', { exact: true }).fill(NEW_PASSWORD);
  await second.getByRole('button', { name: 'Se connecter' }).click();
  await second.waitForURL((url) => url.pathname === '/mon-compte');

  // Here, both devices; this one marked and the other signed out.
  await page.reload();
  const devices = page.getByRole('list', { name: 'Vos appareils connectés' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  const current = devices.locator('[data-session="current"]');
  await expect(current.getByText('Cet appareil')).toBeVisible();
  await expect(devices.locator('[data-session="other"]')).toContainText(/Chrome sur /);
  await expectNoAxeViolations(page, 'two devices');
  await page.getByRole('region', { name: 'Appareils connectés' }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'devices', { fullPage: false });
  await devices
    .locator('[data-session="other"]')
    .getByRole('button', { name: /^Se déconnecter/ })
    .click();
  await expect(page.getByText('Appareil déconnecté')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  // The second browser's next request is refused: the sign-in page.
  await second.goto('/mon-compte/profil');
  await second.waitForURL((url) => url.pathname === '/GetStarted');
  await other.close();

  // 'Se déconnecter partout', confirmed: this device too.
  await page.getByRole('button', { name: 'Se déconnecter partout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Se déconnecter partout' });
  await expect(dialog).toContainText('celui-ci compris');
  await expectNoAxeViolations(page, 'sign out everywhere');
  await dialog.getByRole('button', { name: 'Se déconnecter partout' }).click();
  await page.waitForURL((url) => url.pathname === '/GetStarted');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
