import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { fajrContact, fajrContactVcard } from '../services/contact-card.service';

/** /data/fajr-contact(.vcf): the numbers Fajr calls from, to save as a contact that rings through Do Not Disturb (no sign-in: a Fajr friend needs it too). */
export function contactCardRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/data/fajr-contact', (_req, res) => {
    res.json({ result: fajrContact(deps) });
  });
  router.get('/data/fajr-contact.vcf', (_req, res) => {
    res.set({
      'Content-Type': 'text/vcard; charset=utf-8',
      'Content-Disposition': 'attachment; filename="Fajr.vcf"',
      'Cache-Control': 'public, max-age=3600',
    });
    res.send(fajrContactVcard(deps));
  });
  return router;
}
