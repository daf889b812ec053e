import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { testAppForFile } from '../../../test/helper';
import { PRIVACY_SECTIONS } from './privacy';

/** `/confidentialite` (issue 27 item 8, decision 048): rendered by the server like /terms. */
const testApp = testAppForFile(() => buildTestApp({ PUBLIC_URL: 'https://evenements.example.cm' }));

describe('/confidentialite', () => {
  it('answers the privacy page in French: every section, the law, the rights and where to use them, the contact', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/confidentialite' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = response.body;
    expect(body).toContain('<html lang="fr"');
    expect(body).toContain('<h1>Confidentialité et données personnelles</h1>');
    for (const section of PRIVACY_SECTIONS) expect(body).toContain(`<h2 id="${section.id}-title">${section.title}</h2>`);
    expect(body).toContain('loi n° 2024/017 du 23 décembre 2024');
    for (const words of ['Télécharger mes données', 'Supprimer mon compte', 'Anonyme', 'Rectification'])
      expect(body).toContain(words);
    expect(body).toContain('<link rel="canonical" href="https://evenements.example.cm/confidentialite">');
    expect(body).toContain('href="/mon-compte/profil"');
  });

  it('is linked from the public pages’ footer', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/terms' });
    expect(response.body).toContain('<a href="/confidentialite">Confidentialité</a>');
  });
});
