//! Reading a value of a closed set by its name: the modes, report formats, comparison formats
//! and chart kinds that the command line chooses among, each of which lists its values
//! (`ALL`) and names them (`name`).

/// The value of `all` whose `name` is `text`, or a one-line error that names what was sought
/// (`what`) and every name, in the order of `all`.
pub(crate) fn by_name<T: Copy>(
    all: &[T],
    name: fn(T) -> &'static str,
    what: &str,
    text: &str,
) -> Result<T, String> {
    all.iter().copied().find(|&value| name(value) == text).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&value| name(value)).collect();
        format!("unknown {what} '{text}' (one of {})", names.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::by_name;

    #[derive(Clone, Copy, PartialEq, Debug)]
    enum Kind {
        Small,
        Large,
    }

    fn name(kind: Kind) -> &'static str {
        match kind {
            Kind::Small => "small",
            Kind::Large => "large",
        }
    }

    #[test]
    fn a_name_reads_its_value_and_anything_else_lists_the_names() {
        let all = [Kind::Small, Kind::Large];
        assert_eq!(by_name(&all, name, "kind", "large"), Ok(Kind::Large));
        assert_eq!(by_name(&all, name, "kind", "small"), Ok(Kind::Small));
        assert_eq!(
            by_name(&all, name, "kind", "Large"),
            Err("unknown kind 'Large' (one of small, large)".to_owned())
        );
        assert!(by_name(&all, name, "kind", "").is_err());
    }
}
