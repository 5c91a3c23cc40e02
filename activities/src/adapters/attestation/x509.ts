// @peculiar/x509 (2.x) needs the Reflect metadata polyfill loaded before it, and leaves that to its user.
import 'reflect-metadata';

export { BasicConstraintsExtension, Extension, X509Certificate, X509CertificateGenerator } from '@peculiar/x509';
