import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { RegisterMosqueForm } from './RegisterMosqueForm';

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

async function fillValid() {
  await userEvent.type(field(/^Mosque name/), 'Masjid an-Noor Leicester');
  await userEvent.type(field(/^Address/), '1 Noor Street, Leicester');
  await userEvent.type(field(/^City/), 'Leicester');
  await userEvent.type(field(/^Country code/), 'gb');
  await userEvent.type(field(/^Latitude/), '52.6369');
  await userEvent.type(field(/^Longitude/), '-1.1398');
}

describe('My mosques: "Register a mosque"', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('says what is missing or wrong, field by field, and sends nothing', async () => {
    const user = aUser();
    const api = mockApi(sessionRoutes(user));
    renderScreen(<RegisterMosqueForm />, { user });
    await userEvent.type(field(/^Latitude/), '95');
    await userEvent.type(field(/^Mosque phone/), '07700 900123');
    await userEvent.click(screen.getByRole('button', { name: 'Register mosque' }));
    await screen.findByText('Please enter the mosque name');
    expect(screen.getByText('Please enter the address')).toBeInTheDocument();
    expect(screen.getByText('Please enter the city')).toBeInTheDocument();
    expect(screen.getByText('Please enter the two-letter country code, e.g. GB')).toBeInTheDocument();
    expect(screen.getByText('Enter a latitude from -90 to 90')).toBeInTheDocument();
    expect(screen.getByText('Enter a longitude from -180 to 180')).toBeInTheDocument();
    expect(screen.getByText('Enter the number with its country code, starting with +')).toBeInTheDocument();
    expect(api.callsTo('POST /api/mosque-admin/mosques')).toEqual([]);
  });

  it("sends the mosque as the API reads it and shows the API's error when it refuses", async () => {
    const user = aUser();
    const error = 'This mosque is already listed: claim it instead of registering it again';
    const api = mockApi({ ...sessionRoutes(user), 'POST /api/mosque-admin/mosques': { status: 409, body: { error } } });
    renderScreen(<RegisterMosqueForm />, { user });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Register mosque' }));
    expect((await screen.findAllByText(error)).length).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/mosque-admin/mosques').map((c) => c.body)).toEqual([
      {
        name: 'Masjid an-Noor Leicester',
        address: '1 Noor Street, Leicester',
        cityName: 'Leicester',
        countryCode: 'GB',
        lat: 52.6369,
        lng: -1.1398,
        contactPhone: null,
      },
    ]);
  });

  it('asks the browser for its position only when "Use my location" is tapped, and fills the point', async () => {
    const user = aUser();
    mockApi(sessionRoutes(user));
    const getCurrentPosition = jest.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 51.51943, longitude: -0.06121 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    renderScreen(<RegisterMosqueForm />, { user });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(field(/^Latitude/)).toHaveValue('51.51943');
    expect(field(/^Longitude/)).toHaveValue('-0.06121');
  });
});
