//! `vitrine user add EMAIL --role ROLE`: make (or, with `--replace`, reset) a user who can log in
//! at `/my-account/` (ADR 0010).

use std::io::BufRead;

use anyhow::{Context, bail};
use vitrine_domain::account::{Email, NewUser, Role, check_password, display_name};
use vitrine_domain::ports::{AccountStore, StoreError};

use crate::config::{self, DatabaseArgs};

#[derive(Debug, clap::Subcommand)]
pub enum UserCommand {
    /// Add a user. Without --password-stdin a random password is made and printed once.
    Add(AddArgs),
}

#[derive(Debug, clap::Args)]
pub struct AddArgs {
    /// The login email address.
    email: String,
    /// administrator, shop_manager, editor, author or customer.
    #[arg(long, value_parser = parse_role)]
    role: Role,
    /// Display name (default: the part of the email before the @).
    #[arg(long)]
    name: Option<String>,
    /// Read the password from the first line of standard input.
    #[arg(long)]
    password_stdin: bool,
    /// If the email exists, set its name, role and password and end its sessions.
    #[arg(long)]
    replace: bool,
    #[command(flatten)]
    db: DatabaseArgs,
}

fn parse_role(text: &str) -> Result<Role, String> {
    Role::parse(text).ok_or_else(|| {
        let names: Vec<&str> = Role::ALL.iter().map(|r| r.as_str()).collect();
        format!("unknown role {text:?} (one of {})", names.join(", "))
    })
}

pub async fn run(cmd: UserCommand) -> anyhow::Result<()> {
    match cmd {
        UserCommand::Add(args) => add(args).await,
    }
}

async fn add(args: AddArgs) -> anyhow::Result<()> {
    let email = Email::parse(&args.email)?;
    let name = display_name(args.name.as_deref(), &email).map_err(anyhow::Error::msg)?;
    let (password, generated) = if args.password_stdin {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .context("cannot read the password from standard input")?;
        (line.trim_end_matches(['\r', '\n']).to_owned(), false)
    } else {
        (vitrine_app::accounts::password::generate(), true)
    };
    check_password(&password).map_err(anyhow::Error::msg)?;
    let password_hash = tokio::task::spawn_blocking(move || {
        vitrine_app::accounts::password::hash(&password).map(|hash| (hash, password))
    })
    .await
    .context("hashing the password failed")??;
    let (password_hash, password) = password_hash;
    let user = NewUser {
        email,
        display_name: name,
        role: args.role,
        password_hash,
    };

    let settings = config::resolve(&args.db, None)?;
    let db = vitrine_store::Database::connect(&settings.database_url)
        .await
        .with_context(|| format!("cannot open database {}", settings.database_url))?;
    db.migrate().await.context("database migration failed")?;
    let store = db.accounts();
    let outcome = save(&store, &user, args.replace).await;
    db.close().await;
    let verb = outcome?;
    println!("{verb} {} {}", user.role.as_str(), user.email);
    if generated {
        println!("password: {password}");
    }
    Ok(())
}

async fn save(
    store: &vitrine_store::SqlAccountStore,
    user: &NewUser,
    replace: bool,
) -> anyhow::Result<&'static str> {
    match store.create_user(user).await {
        Ok(_) => Ok("added"),
        Err(StoreError::Conflict(_)) if replace => match store.replace_user(user).await? {
            Some(_) => Ok("replaced"),
            None => bail!("{} vanished while being replaced; try again", user.email),
        },
        Err(StoreError::Conflict(_)) => bail!(
            "a user with the email {} already exists (use --replace to reset it)",
            user.email
        ),
        Err(err) => Err(err.into()),
    }
}
