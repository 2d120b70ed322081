//! [`Differenzler`]: work in progress.
