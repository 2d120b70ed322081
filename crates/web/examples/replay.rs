//! A record replayed natively as one seat saw it: the engine's `replay` answer for
//! `RECORD SEAT`, printed as JSON. The page's browser test reads from it which cards its seat
//! had been shown at each step, apart from the page.
//!
//! Usage: cargo run --release -p cardrules-web --example replay -- RECORD.json SEAT

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(file), Some(seat)) = (args.next(), args.next()) else {
        eprintln!("usage: replay RECORD.json SEAT");
        std::process::exit(2);
    };
    let record = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(1);
    });
    let seat: usize = seat.parse().unwrap_or_else(|_| {
        eprintln!("not a seat: {seat}");
        std::process::exit(2);
    });
    let request = format!(r#"{{"op":"replay","seat":{seat},"record":{record}}}"#);
    println!("{}", cardrules_web::Engine::default().answer(&request));
}
