use super::*;

fn dec(text: &str) -> Decimal {
    text.parse().expect("decimal")
}

fn usd(rule: Rounding) -> MinorRounding {
    rule.in_minor(Currency::USD, 1).expect("fits USD")
}

#[test]
fn charm_rounds_up_to_the_next_ending() {
    let charm = usd(Rounding::Charm {
        ending: dec("0.99"),
    });
    assert_eq!(charm.apply(dec("1656"), 1), Ok(1699));
    assert_eq!(charm.apply(dec("1699"), 1), Ok(1699));
    assert_eq!(charm.apply(dec("1700"), 1), Ok(1799));
    assert_eq!(charm.apply(dec("1"), 1), Ok(99));
    assert_eq!(charm.apply(Decimal::ZERO, 1), Ok(0));
}

#[test]
fn a_zero_charm_ending_rounds_up_to_whole_units_but_never_to_zero() {
    let whole = usd(Rounding::Charm { ending: dec("0") });
    assert_eq!(whole.apply(dec("0.4"), 1), Ok(100));
    assert_eq!(whole.apply(dec("1600"), 1), Ok(1600));
    assert_eq!(whole.apply(dec("1601"), 1), Ok(1700));
}

#[test]
fn steps_round_up_or_half_up_and_keep_a_positive_amount_positive() {
    let up = usd(Rounding::Step {
        step: dec("0.05"),
        mode: StepMode::Up,
    });
    assert_eq!(up.apply(dec("1651"), 1), Ok(1655));
    assert_eq!(up.apply(dec("1655"), 1), Ok(1655));
    let half = usd(Rounding::Step {
        step: dec("0.50"),
        mode: StepMode::HalfUp,
    });
    assert_eq!(half.apply(dec("1624"), 1), Ok(1600));
    assert_eq!(half.apply(dec("1625"), 1), Ok(1650));
    assert_eq!(half.apply(dec("10"), 1), Ok(50), "not zero");
}

#[test]
fn half_up_rounds_to_the_shown_unit() {
    assert_eq!(MinorRounding::None.apply(dec("1656.5"), 1), Ok(1657));
    assert_eq!(MinorRounding::None.apply(dec("1656.49"), 1), Ok(1656));
    assert_eq!(MinorRounding::None.apply(dec("1650"), 100), Ok(1700));
    assert_eq!(
        MinorRounding::None.apply(dec("0.2"), 1),
        Ok(1),
        "never zero"
    );
}

#[test]
fn endings_and_steps_must_fit_the_currency() {
    let charm = |e: &str| Rounding::Charm { ending: dec(e) };
    assert_eq!(
        charm("1.00").in_minor(Currency::USD, 1),
        Err(RoundingProblem::EndingRange)
    );
    assert_eq!(
        charm("-0.01").in_minor(Currency::USD, 1),
        Err(RoundingProblem::EndingRange)
    );
    assert_eq!(
        charm("0.995").in_minor(Currency::USD, 1),
        Err(RoundingProblem::Precision)
    );
    assert_eq!(
        charm("0.99").in_minor(Currency::USD, 100),
        Err(RoundingProblem::Precision)
    );
    let step = |s: &str| Rounding::Step {
        step: dec(s),
        mode: StepMode::Up,
    };
    assert_eq!(
        step("0").in_minor(Currency::USD, 1),
        Err(RoundingProblem::StepRange)
    );
    assert!(step("0.05").in_minor(Currency::USD, 1).is_ok());
}
