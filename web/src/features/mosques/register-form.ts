import { z } from 'zod';
import type { RegisterMosque } from '../../api/mosques.api';

// The "Register a mosque" form's schema: the API's rules (contracts/mosque-admin.contract.ts) on what
// a person types; each message is a key of the mosques catalogue, said in the shown language at render.

const text = (key: string, max: number) =>
  z
    .string()
    .trim()
    .min(2, `register.errors.${key}`)
    .max(max, 'register.errors.tooLong')
    .regex(/^[^<>]*$/, 'register.errors.angleBrackets');

const coordinate = (key: 'lat' | 'lng', max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/, `register.errors.${key}`)
    .refine((v) => Math.abs(Number(v)) <= max, `register.errors.${key}`);

export const registerForm = z.object({
  name: text('name', 120),
  address: text('address', 200),
  cityName: text('city', 80),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'register.errors.country'),
  lat: coordinate('lat', 90),
  lng: coordinate('lng', 180),
  contactPhone: z
    .string()
    .trim()
    .regex(/^(\+[1-9]\d{6,14})?$/, 'register.errors.phone'),
});

export type RegisterValues = z.infer<typeof registerForm>;

export const emptyRegister: RegisterValues = {
  name: '',
  address: '',
  cityName: '',
  countryCode: '',
  lat: '',
  lng: '',
  contactPhone: '',
};

/** The form's strings as the API's body. */
export const toRegisterBody = (v: RegisterValues): RegisterMosque => ({
  name: v.name.trim(),
  address: v.address.trim(),
  cityName: v.cityName.trim(),
  countryCode: v.countryCode.trim().toUpperCase(),
  lat: Number(v.lat),
  lng: Number(v.lng),
  contactPhone: v.contactPhone.trim() || null,
});
