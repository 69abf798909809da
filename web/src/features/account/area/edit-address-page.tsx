//! My account → Addresses → Billing/Shipping address (WooCommerce's `form-edit-address.php`):
//! the checkout's address fields with the country's rules, checked in the browser first and
//! on the server again (400 `invalid_field` shown next to its field), "Save address", then
//! back to Addresses with "Address changed successfully."

import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@/lib/router';
import { useAlertFocus } from '@/components/alert-focus';
import { ApiError } from '@/lib/api/client';
import type { AddressView } from '@/lib/api/types';
import { AccountLayout } from './account-layout';
import type { AddressFormPort, AddressFormSection, AddressFormValues } from './address-form-port';
import type { AddressesNotice } from './addresses-page';
import { LoadState } from './load-state';
import { AREA_MESSAGES as m } from './messages';
import { useAccountAddresses, useCountryName, useSaveAddress } from './queries';

export interface EditAddressPageProps {
  kind: AddressFormSection;
  form: AddressFormPort;
}

const ADDRESSES_URL = '/my-account/edit-address/';

function valuesOf(saved: AddressView | null, empty: AddressFormValues): AddressFormValues {
  if (!saved) return empty;
  const { first_name, last_name, country, address_1, address_2, city, state, postcode, phone, email } = saved;
  return { first_name, last_name, country: country || empty.country, address_1, address_2, city, state, postcode, phone, email };
}

export function EditAddressPage({ kind, form }: EditAddressPageProps) {
  const title = kind === 'billing' ? m.billingAddress : m.shippingAddress;
  const addresses = useAccountAddresses();
  const { countries, countriesFailed } = useCountryName();
  const ready = addresses.data && countries;
  return (
    <AccountLayout current="edit-address" title={m.addresses}>
      <h2 className="account-area__subtitle">{title}</h2>
      {ready ? (
        <AddressForm kind={kind} form={form} saved={addresses.data[kind]} countries={countries} />
      ) : (
        <LoadState
          loading={m.loadingAddresses}
          failed={addresses.isError || countriesFailed}
          onRetry={() => void addresses.refetch()}
        />
      )}
    </AccountLayout>
  );
}

function AddressForm({ kind, form, saved, countries }: { kind: AddressFormSection; form: AddressFormPort; saved: AddressView | null; countries: NonNullable<ReturnType<typeof useCountryName>['countries']> }) {
  const only = countries.length === 1 ? countries[0]!.code : '';
  const [value, setValue] = useState<AddressFormValues>(() => form.normalise(valuesOf(saved, form.empty(only)), countries));
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAddress(kind);
  const navigate = useNavigate();
  const summary = useRef<HTMLDivElement>(null);

  // Spec §9: the error summary takes focus 500 ms after it appears (again for each new check).
  useAlertFocus(summary, failure ?? (errors.size > 0 ? errors : null));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const next = form.normalise(value, countries);
    setValue(next);
    setFailure(null);
    const found = form.validate(kind, next, countries);
    setErrors(new Map(found.map((e) => [e.field, e.message])));
    if (found.length > 0) return;
    save.mutate({ ...next, company: saved?.company ?? '', full_name: '' }, {
      onSuccess: () => void navigate(ADDRESSES_URL, { state: { notice: m.addressSaved } satisfies AddressesNotice }),
      onError: (error) => {
        if (error instanceof ApiError && error.field) setErrors(new Map([[error.field, error.message]]));
        else setFailure(error instanceof ApiError ? error.message : m.saveFailed);
      },
    });
  };

  const listed = [...errors.values()];
  return (
    <form className="account-address-form" noValidate onSubmit={onSubmit}>
      {(listed.length > 0 || failure) && (
        <div ref={summary} tabIndex={-1} role="alert" className="woocommerce-error notice notice--error">
          {failure ?? (
            <>
              <p>{m.fixErrors}</p>
              <ul>
                {listed.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <form.Fields section={kind} value={value} countries={countries} errors={errors} onChange={setValue} disabled={save.isPending} />
      <p>
        <button type="submit" className="button" name="save_address" aria-busy={save.isPending || undefined}>
          {m.saveAddress}
        </button>
      </p>
    </form>
  );
}
