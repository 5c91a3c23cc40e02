// The local stores' signing keys: a certificate chain shaped like Apple's (root → intermediate with
// Apple's WWDR OID → leaf with the App Store signing OID) and an RSA key for Google-like OIDC tokens.
// Generated once per database and shared through it, so every process of one deployment agrees and
// no key is published in the repository.
import { generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { KJUR } from 'jsrsasign';
import type { Knex } from 'knex';

/** Apple's OIDs that SignedDataVerifier requires: the intermediate's (WWDR) and the leaf's (receipt signing). */
export const APPLE_INTERMEDIATE_OID = '1.2.840.113635.100.6.2.1';
export const APPLE_LEAF_OID = '1.2.840.113635.100.6.11.1';

export interface LocalStoreKeys {
  appleRootPem: string;
  appleIntermediatePem: string;
  appleLeafPem: string;
  appleLeafKeyPem: string;
  googleKeyId: string;
  googlePublicKeyPem: string;
  googlePrivateKeyPem: string;
}

/**
 * A certificate serial from random bytes, as a positive DER INTEGER in minimal form: a first byte of 0x00
 * (followed by one below 0x80) is "illegal padding" to OpenSSL, and 0x80 or above is negative, so the
 * first byte is kept within 0x01–0x7f. (Leaving 0x00 in made about 1 certificate in 400 unreadable.)
 */
export function certificateSerialHex(random: Buffer): string {
  const serial = Buffer.from(random);
  serial[0] = serial[0]! & 0x7f || 0x01;
  return serial.toString('hex');
}

/** A certificate signed by `issuerKeyPem`, with basic constraints and, when given, one of Apple's marker extensions (DER NULL). */
function certificate(o: {
  subject: string;
  issuer: string;
  publicKeyPem: string;
  issuerKeyPem: string;
  ca: boolean;
  oid?: string;
}): string {
  const ext: unknown[] = [{ extname: 'basicConstraints', cA: o.ca, critical: true }];
  if (o.oid) ext.push({ extname: o.oid, extn: '0500' });
  const params = {
    version: 3,
    serial: { hex: certificateSerialHex(randomBytes(8)) },
    issuer: { str: o.issuer },
    subject: { str: o.subject },
    notbefore: '20240101000000Z',
    notafter: '20491231235959Z',
    sbjpubkey: o.publicKeyPem,
    ext,
    sigalg: 'SHA256withECDSA',
  };
  // jsrsasign lays the certificate out; Node signs it (jsrsasign's own ECDSA is pure JavaScript and slow).
  const tbsobj = new KJUR.asn1.x509.TBSCertificate(
    params as unknown as ConstructorParameters<typeof KJUR.asn1.x509.TBSCertificate>[0],
  );
  const sighex = sign('sha256', Buffer.from(tbsobj.getEncodedHex(), 'hex'), o.issuerKeyPem).toString('hex');
  const cert = new KJUR.asn1.x509.Certificate({ ...params, tbsobj, sighex } as unknown as ConstructorParameters<
    typeof KJUR.asn1.x509.Certificate
  >[0]);
  return cert.getPEM();
}

/** Generates a fresh local keyring. */
export function generateLocalStoreKeys(): LocalStoreKeys {
  const ec = () => {
    const k = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return {
      pub: k.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      priv: k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  };
  const root = ec();
  const intermediate = ec();
  const leaf = ec();
  const rootName = '/CN=Fajr Local App Store Root/O=Fajr (development)/C=GB';
  const intermediateName = '/CN=Fajr Local App Store Intermediate/O=Fajr (development)/C=GB';
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    appleRootPem: certificate({
      subject: rootName,
      issuer: rootName,
      publicKeyPem: root.pub,
      issuerKeyPem: root.priv,
      ca: true,
    }),
    appleIntermediatePem: certificate({
      subject: intermediateName,
      issuer: rootName,
      publicKeyPem: intermediate.pub,
      issuerKeyPem: root.priv,
      ca: true,
      oid: APPLE_INTERMEDIATE_OID,
    }),
    appleLeafPem: certificate({
      subject: '/CN=Fajr Local App Store Signing/O=Fajr (development)/C=GB',
      issuer: intermediateName,
      publicKeyPem: leaf.pub,
      issuerKeyPem: intermediate.priv,
      ca: false,
      oid: APPLE_LEAF_OID,
    }),
    appleLeafKeyPem: leaf.priv,
    googleKeyId: randomBytes(20).toString('hex'),
    googlePublicKeyPem: google.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    googlePrivateKeyPem: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

const columnsOf = (k: LocalStoreKeys) => ({
  apple_root_pem: k.appleRootPem,
  apple_intermediate_pem: k.appleIntermediatePem,
  apple_leaf_pem: k.appleLeafPem,
  apple_leaf_key_pem: k.appleLeafKeyPem,
  google_key_id: k.googleKeyId,
  google_public_key_pem: k.googlePublicKeyPem,
  google_private_key_pem: k.googlePrivateKeyPem,
});

/** Whether every certificate of a stored chain parses (keyrings stored before `certificateSerialHex` may hold one OpenSSL refuses). */
function chainReadable(row: {
  apple_root_pem: string;
  apple_intermediate_pem: string;
  apple_leaf_pem: string;
}): boolean {
  try {
    for (const pem of [row.apple_root_pem, row.apple_intermediate_pem, row.apple_leaf_pem]) new X509Certificate(pem);
    return true;
  } catch {
    return false;
  }
}

/**
 * The database's local keyring, generated and stored on first use (the first writer wins). A stored chain
 * that OpenSSL cannot read is replaced, again first writer wins: it could never verify a purchase, so
 * nothing signed with it is lost.
 */
export async function loadLocalStoreKeys(db: Knex): Promise<LocalStoreKeys> {
  let row = await db('local_store_keyring').where({ id: 1 }).first();
  if (!row) {
    await db('local_store_keyring')
      .insert({ id: 1, ...columnsOf(generateLocalStoreKeys()) })
      .onConflict('id')
      .ignore();
    row = await db('local_store_keyring').where({ id: 1 }).first();
  } else if (!chainReadable(row)) {
    await db('local_store_keyring')
      .where({ id: 1, apple_root_pem: row.apple_root_pem })
      .update(columnsOf(generateLocalStoreKeys()));
    row = await db('local_store_keyring').where({ id: 1 }).first();
  }
  return {
    appleRootPem: row.apple_root_pem,
    appleIntermediatePem: row.apple_intermediate_pem,
    appleLeafPem: row.apple_leaf_pem,
    appleLeafKeyPem: row.apple_leaf_key_pem,
    googleKeyId: row.google_key_id,
    googlePublicKeyPem: row.google_public_key_pem,
    googlePrivateKeyPem: row.google_private_key_pem,
  };
}

/** A certificate's DER bytes (what SignedDataVerifier takes as a root, and x5c carries in base64). */
export const derOf = (pem: string): Buffer => new X509Certificate(pem).raw;
