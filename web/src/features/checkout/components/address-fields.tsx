//! One address section (billing or shipping) with the country's rules: its labels, a state
//! select when it has a state list (a text box otherwise), and what is required. Changing the
//! country re-applies them (spec §4).

import { addressFields, countryOf, fieldName, withCountry, type AddressSection, type AddressValues, type CountryRules, type FieldSpec } from '../address';
import { messages } from '../messages';
import { FieldRow } from './field-row';

export interface AddressFieldsProps {
  section: AddressSection;
  value: AddressValues;
  countries: readonly CountryRules[];
  errors: ReadonlyMap<string, string>;
  onChange(next: AddressValues): void;
  disabled?: boolean;
}

export function AddressFields({ section, value, countries, errors, onChange, disabled }: AddressFieldsProps) {
  const country = countryOf(countries, value.country);
  const set = (key: FieldSpec['key'], text: string) => onChange({ ...value, [key]: text });

  return (
    <div className={`checkout-address checkout-address--${section} woocommerce-${section}-fields__field-wrapper`}>
      {addressFields(section, country).map((spec) => {
        const name = fieldName(section, spec.key);
        const common = { name, autoComplete: spec.autoComplete, disabled };
        return (
          <FieldRow key={spec.key} id={name} label={spec.label} required={spec.required} error={errors.get(name)} className={`${name}_field`}>
            {(aria) => {
              if (spec.key === 'country') {
                return (
                  <select {...aria} {...common} value={value.country} onChange={(event) => onChange(withCountry(value, event.target.value, countries))}>
                    <option value="">{messages.selectCountry}</option>
                    {countries.map((option) => (
                      <option key={option.code} value={option.code}>
                        {option.name}
                      </option>
                    ))}
                  </select>
                );
              }
              if (spec.key === 'state' && country && country.states.length > 0) {
                return (
                  <select {...aria} {...common} value={value.state} onChange={(event) => set('state', event.target.value)}>
                    <option value="">{messages.selectOption}</option>
                    {country.states.map((state) => (
                      <option key={state.code} value={state.code}>
                        {state.name}
                      </option>
                    ))}
                  </select>
                );
              }
              return <input {...aria} {...common} type={spec.type ?? 'text'} className="input-text" value={value[spec.key]} onChange={(event) => set(spec.key, event.target.value)} />;
            }}
          </FieldRow>
        );
      })}
    </div>
  );
}
