//! `vitrine openapi`: print the API description generated from the handlers.

pub fn run() -> anyhow::Result<()> {
    println!("{}", vitrine_http::openapi().to_pretty_json()?);
    Ok(())
}
