import { citiesParams, citiesQuery, citiesResult, contactBody, feedbackBody, mosqueRequestBody, prayerCalcResult, staticResult } from '../contracts';
import { JSON_BODY, message, type Endpoint } from './endpoint';

/** Reference data, mosque requests and feedback. */
export const dataEndpoints: Endpoint[] = [
  { method: 'get', path: '/data/prayer-calc', tag: 'data', summary: 'Time zones, methods, high-latitude rules, mosques, adhaans, call time preferences', auth: 'none', ok: { schema: prayerCalcResult, description: 'Prayer calculation data' }, errors: [503] },
  { method: 'get', path: '/data/static', tag: 'data', summary: 'Monthly prices per plan and currency (minor units)', auth: 'none', ok: { schema: staticResult, description: 'Prices' }, errors: [503] },
  { method: 'get', path: '/data/cities/{country}', tag: 'data', summary: 'Search the cities of the world (offline), by prefix then population; up to 10', auth: 'none', params: citiesParams, query: citiesQuery, ok: { schema: citiesResult, description: 'Matching cities with their time zones' }, errors: [400] },
  { method: 'post', path: '/data/mosques/request', tag: 'data', summary: 'Ask for a mosque to be added', auth: 'optional', body: mosqueRequestBody, ok: message('Request Sent'), errors: [...JSON_BODY, 429, 503] },
  { method: 'post', path: '/data/feedback', tag: 'data', summary: 'Send a rating and/or comments', auth: 'optional', body: feedbackBody, ok: message('Thank you for your feedback'), errors: [...JSON_BODY, 429, 503] },
  { method: 'post', path: '/data/feedback/contact', tag: 'data', summary: "The help form ('Speak to Us!')", auth: 'optional', body: contactBody, ok: message("Message sent successfully, we' be in touch as soon as we can"), errors: [...JSON_BODY, 429, 503] },
];
