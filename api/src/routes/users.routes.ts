import { Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { ApiDeps } from '../deps';
import {
  credentialsBody,
  forgetPasswordBody,
  goodbyeBody,
  phoneNumberBody,
  resetPasswordBody,
  signupBody,
  signupQuery,
  validatePhoneBody,
  verifyPhoneCodeBody,
} from '../contracts/users.contract';
import { languageBody } from '../contracts/languages.contract';
import { noStore, requireAuth, requireAuthWithProfile, userIdOf } from '../middleware/auth.middleware';
import { createRateLimits } from '../middleware/rate-limit';
import { parse } from '../middleware/validate';
import { appChallenge, signin, signout, signup } from '../services/auth.service';
import { forgetPassword, resetPassword, sendVerification, verifyPhoneCode } from '../services/codes.service';
import { addPhoneNumber, currentUser, goodbye, setLanguage, validatePhoneNumber } from '../services/users.service';
import {
  addSecondNumber,
  removeSecondNumber,
  sendSecondNumberCode,
  verifySecondNumber,
} from '../services/second-number.service';
import { UnauthorizedError } from '../errors';

/** /users: accounts, sessions and one-time codes (docs/API-ACCOUNTS.md). Every answer is 200 on success, as the web client expects. */
export function usersRoutes(deps: ApiDeps): Router {
  const router = Router();
  const limits = createRateLimits(deps);
  const auth = requireAuth(deps);

  router.post('/users/signup', noStore, ...limits.signup, async (req, res) => {
    const { source } = parse(signupQuery, req.query);
    res.json({ result: await signup(deps, source, parse(signupBody, req.body)) });
  });

  // The app fetches this before an app sign-up and binds its platform attestation to it (docs/NATIVE-SHELL.md).
  router.post('/users/app-challenge', noStore, ...limits.appChallenge, async (_req, res) => {
    res.json({ result: await appChallenge(deps) });
  });

  router.post('/users/signin', noStore, ...limits.signin, async (req, res) => {
    res.json({ result: await signin(deps, parse(credentialsBody, req.body)) });
  });

  router.post('/users/signout', auth, async (req, res) => {
    if (!req.auth) throw new UnauthorizedError();
    await signout(deps, req.auth.sessionId);
    res.json({ message: 'Signed out' });
  });

  router.get('/users/current-user', requireAuthWithProfile(deps), (req, res) => {
    if (!req.profile) throw new UnauthorizedError();
    res.json({ result: { user: currentUser(deps, req.profile) } });
  });

  router.post('/users/validate-phone-number', ...limits.validatePhone, (req, res) => {
    res.json({ result: validatePhoneNumber(deps, parse(validatePhoneBody, req.body).phoneNumber) });
  });

  router.post('/users/goodbye', auth, ...limits.goodbye, async (req, res) => {
    const { password } = parse(goodbyeBody, req.body);
    res.json({ result: await goodbye(deps, userIdOf(req), password) });
  });

  router.post('/users/send-verification', auth, ...limits.sendVerification, async (req, res) => {
    res.json(await sendVerification(deps, userIdOf(req)));
  });

  router.post('/users/phone-number', auth, ...limits.validatePhone, async (req, res) => {
    const { phoneNumber, country } = parse(phoneNumberBody, req.body);
    res.json({ result: { user: await addPhoneNumber(deps, userIdOf(req), phoneNumber, country) } });
  });

  router.put('/users/language', auth, async (req, res) => {
    const { language } = parse(languageBody, req.body);
    res.json({ result: { user: await setLanguage(deps, userIdOf(req), language) } });
  });

  router.post('/users/verify-phone-code', auth, ...limits.verifyCode, async (req, res) => {
    const { code } = parse(verifyPhoneCodeBody, req.body);
    res.json(await verifyPhoneCode(deps, userIdOf(req), code));
  });

  // The Premium second number: add (sends a code), resend, verify, remove.
  router.post('/users/second-phone-number', auth, ...limits.sendVerification, async (req, res) => {
    const { phoneNumber, country } = parse(phoneNumberBody, req.body);
    res.json(await addSecondNumber(deps, userIdOf(req), phoneNumber, country));
  });
  router.post('/users/second-phone-number/send-verification', auth, ...limits.sendVerification, async (req, res) => {
    res.json(await sendSecondNumberCode(deps, userIdOf(req)));
  });
  router.post('/users/second-phone-number/verify', auth, ...limits.verifyCode, async (req, res) => {
    const { code } = parse(verifyPhoneCodeBody, req.body);
    res.json(await verifySecondNumber(deps, userIdOf(req), code));
  });
  router.delete('/users/second-phone-number', auth, async (req, res) => {
    res.json(await removeSecondNumber(deps, userIdOf(req)));
  });

  router.post('/users/forget-password', ...limits.forgetPassword, async (req, res) => {
    const { phoneNumber, country } = parse(forgetPasswordBody, req.body);
    res.json(await forgetPassword(deps, phoneNumber, country));
  });

  router.post('/users/forget-password/reset', ...limits.resetCode, async (req, res) => {
    // Wrong reset guesses count against the network they come from (the rate limits' own key), never the account.
    res.json(await resetPassword(deps, parse(resetPasswordBody, req.body), ipKeyGenerator(req.ip ?? 'unknown')));
  });

  return router;
}
