// The mosques an admin keeps (/app/mosques): their own chunk, outside the account's first load (bench:web).
export { MyMosquesPage } from '../../features/mosques/components/MyMosquesPage';
export { MosqueDashboardPage } from '../../features/mosques/components/MosqueDashboardPage';
