//! The parser build.rs generates and pest_derive's parser of the same grammar make the same tree
//! for every production on any string.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegurl::workbench::{Engine, Production};

fuzz_target!(|input: &str| {
    for &production in Production::ALL {
        let generated = Engine::Generated.run(production, input);
        let derived = Engine::PestDerive.run(production, input);
        assert_eq!(generated, derived, "{production:?} on {input:?}");
    }
});
